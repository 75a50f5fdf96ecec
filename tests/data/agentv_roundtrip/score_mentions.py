"""A code grader for the round trip: reads the grading context AgentV (or agentv-grade)
sends on stdin and scores how many of the words given as arguments it holds."""

import json
import sys

context = sys.stdin.read()
words = sys.argv[1:]
found = [w for w in words if w in context]
print(json.dumps({"score": len(found) / len(words)}))
