// Runs AgentV 4.42.4's own CompositeGrader (its dist bundle) with a code-grader
// aggregator, for tests/integration/test_agentv_composite_aggregator.py.
// argv: <bundle chunk exporting CompositeGrader> <aggregator path> <cwd>
// Members: "a" scores 1 (pass), "b" scores 0 (fail), as contains-Paris / contains-Berlin
// score on "Paris is the capital of France.". Prints the grader's result as JSON.
const [chunk, path, cwd] = process.argv.slice(2);
const { CompositeGrader } = await import(chunk);
const member = (score, verdict, text) => ({
  evaluate: async () => ({
    score, verdict, assertions: [{ text, passed: verdict === 'pass' }], expectedAspectCount: 1,
  }),
});
const members = {
  a: member(1, 'pass', 'Output contains "Paris"'),
  b: member(0, 'fail', 'Output does not contain "Berlin"'),
};
const grader = new CompositeGrader({
  config: {
    name: 'gate', type: 'composite',
    assertions: [{ name: 'a', type: 'contains' }, { name: 'b', type: 'contains' }],
    aggregator: { type: 'code-grader', path, cwd },
  },
  evaluatorFactory: { create: (config) => members[config.name] },
});
const result = await grader.evaluate({});
process.stdout.write(JSON.stringify({ score: result.score, verdict: result.verdict, assertions: result.assertions }));
