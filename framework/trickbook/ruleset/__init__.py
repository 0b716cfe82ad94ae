"""Reading rulesets: YAML with places kept, extends and versions, the schema, decks, and compilation into `Rules`."""
