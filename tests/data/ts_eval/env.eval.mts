// An `.eval.mts` file whose strings use `{{ env.X }}`: AgentV renders them as in YAML.
export default {
  prompts: ['{{ q }}'],
  tests: [
    {
      id: 'env-{{ env.TS_EVAL_ID }}',
      vars: { q: 'x' },
      assert: [{ type: 'contains', value: '{{ env.TS_EVAL_WORD }}' }],
    },
  ],
};
