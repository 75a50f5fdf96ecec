"""`python -m agentv_grader` runs the command line."""

from .cli import main

main()
