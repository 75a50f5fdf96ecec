// The shape AgentV's SDK defineEval() returns: non-enumerable brand symbols, the second a
// function giving the snake_case eval object that AgentV main loads (not the object's keys).
const definition = { name: 'ignored-unbranded-name', tests: [] as unknown[] };

Object.defineProperties(definition, {
  [Symbol.for('agentv/eval-suite')]: { value: true },
  [Symbol.for('agentv/to-eval-yaml-object')]: {
    value: () => ({
      name: 'branded-suite',
      prompts: ['{{ q }}'],
      tests: [{ id: 'one', vars: { q: 'hi' }, assert: [{ type: 'icontains', value: 'hello' }] }],
    }),
  },
});

export default definition;
