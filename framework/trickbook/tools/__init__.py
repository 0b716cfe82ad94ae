"""Many matches at once: simulation, comparison, their statistics, parallel runs and plots."""
