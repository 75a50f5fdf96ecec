"""JavaScript's string, JSON and RegExp semantics on Python (AgentV evaluates with them)."""
