/**
 * A language-model provider for tests: a real HTTP server on 127.0.0.1 that speaks the OpenAI
 * chat-completions or Anthropic messages protocol and answers from a script (text, a status
 * with headers, a delay, or silence), or, once the script is used up, from a function of the request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type Step =
  | { text: string; usage?: [number, number]; delayMs?: number }
  | { status: number; headers?: Record<string, string>; body?: string }
  | { hang: true };

export interface ScriptedServer {
  readonly url: string;
  /** Every request body received, parsed. */
  readonly requests: Record<string, unknown>[];
  readonly headers: IncomingMessage['headers'][];
  push(...steps: Step[]): void;
  /** Answers every request the script does not, from its parsed body. */
  answerWith(answer: (request: Record<string, unknown>) => Step): void;
  stop(): Promise<void>;
}

export async function startScripted(kind: 'openai' | 'anthropic'): Promise<ScriptedServer> {
  const script: Step[] = [];
  const requests: Record<string, unknown>[] = [];
  const headers: IncomingMessage['headers'][] = [];
  let fallback: ((request: Record<string, unknown>) => Step) | null = null;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const request = JSON.parse(body || '{}') as Record<string, unknown>;
      requests.push(request);
      headers.push(req.headers);
      const step = script.shift() ?? fallback?.(request) ?? { status: 500, body: 'script exhausted' };
      if ('hang' in step) return;
      if ('status' in step) {
        res.writeHead(step.status, step.headers ?? {});
        res.end(step.body ?? '');
        return;
      }
      if (step.delayMs) return void setTimeout(() => answerText(res, step), step.delayMs);
      answerText(res, step);
    });
  });
  function answerText(res: ServerResponse, step: Extract<Step, { text: string }>): void {
    const [input, output] = step.usage ?? [10, 5];
    const answer =
      kind === 'anthropic'
        ? {
            model: 'claude-test',
            content: [{ type: 'text', text: step.text }],
            usage: { input_tokens: input, output_tokens: output },
          }
        : {
            model: 'gpt-test',
            choices: [{ message: { role: 'assistant', content: step.text } }],
            usage: { prompt_tokens: input, completion_tokens: output },
          };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  }
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.address() as { port: number }).port;
  return {
    url: kind === 'anthropic' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    push: (...steps) => void script.push(...steps),
    answerWith: (answer) => void (fallback = answer),
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
