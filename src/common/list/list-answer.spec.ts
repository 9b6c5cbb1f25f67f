import { IsOptional, IsString } from 'class-validator';
import { lastValueFrom, of } from 'rxjs';
import { ListAnswer, ListAnswerInterceptor } from './list-answer';
import { parseListQuery } from './list-query';

class Filter {
  @IsOptional() @IsString()
  q?: string;
}

/** Runs the interceptor over a handler's answer; returns what is sent and the headers set. */
async function send(answer: ListAnswer<unknown>) {
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => ((headers[name] = value), reply) };
  const context = { switchToHttp: () => ({ getResponse: () => reply }) };
  const body = await lastValueFrom(new ListAnswerInterceptor().intercept(context as never, { handle: () => of(answer) }));
  return { body, headers };
}

describe('ListAnswerInterceptor', () => {
  it('adds Content-Range for react-admin and sends the mapped items', async () => {
    const sent = await send(ListAnswer.of('teams', parseListQuery({ range: '[0,1]' }, Filter), { items: [1, 2], total: 9 }, (n) => n * 10));
    expect(sent.body).toEqual([10, 20]);
    expect(sent.headers['Content-Range']).toBe('teams 0-1/9');
  });

  it('sends a plain array without the header otherwise', async () => {
    const sent = await send(ListAnswer.of('teams', parseListQuery({}, Filter), { items: [1], total: 1 }, String));
    expect(sent).toEqual({ body: ['1'], headers: {} });
  });
});
