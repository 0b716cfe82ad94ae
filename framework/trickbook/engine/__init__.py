"""The game engine: one state machine that deals, bids, plays and scores as compiled `Rules` say."""
