"""Match records: writing them, reading them safely, and replaying them against the rules."""
