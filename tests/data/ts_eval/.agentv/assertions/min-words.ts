// A custom AgentV assertion type, run as AgentV runs it (`bun run`): the grading context
// as JSON on stdin, the verdict as JSON on stdout. Passes with at least three words.
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const { output } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { output?: string };
const words = (output ?? '').trim().split(/\s+/).filter(Boolean).length;
console.log(JSON.stringify({ pass: words >= 3, score: words >= 3 ? 1 : words / 3, reason: `${words} words` }));
