"""Eval files → typed suites: YAML 1.2 reading, test lists, assertion specs."""
