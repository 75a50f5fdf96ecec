// A YAML-aligned TypeScript eval as AgentV main loads it (ts-eval-loader.ts): a plain
// object as the default export; known camelCase keys are lowered to snake_case.
interface Assertion {
  readonly type: string;
  readonly value?: string;
  readonly flags?: string;
}

const greets: readonly Assertion[] = [
  { type: 'contains', value: 'Hello' },
  { type: 'regex', value: /world/i.source, flags: 'i' },
];

export default {
  description: 'TypeScript-authored eval',
  prompts: ['Answer: {{ question }}'],
  defaultTest: { assert: [{ type: 'min-words' }] },
  tests: [
    { id: 'greets', vars: { question: 'say hello' }, assert: greets },
    {
      id: 'plain',
      vars: { question: 'say OK' },
      skipDefaults: true,
      assert: [{ type: 'equals', value: 'OK' }],
    },
  ],
};
