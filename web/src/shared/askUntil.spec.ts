import { describe, expect, it } from '@jest/globals';
import { askUntil } from './askUntil';

describe('askUntil: asking again until the awaited answer comes', () => {
  it('answers as soon as the answer is the awaited one, a failure counting as not yet', async () => {
    const answers = [
      Promise.reject(new Error('offline')),
      Promise.resolve('pending'),
      Promise.resolve('paid'),
    ];
    let asked = 0;
    const answer = await askUntil(
      () => answers[asked++]!,
      (status) => status === 'paid',
    );
    expect({ answer, asked }).toEqual({ answer: 'paid', asked: 3 });
  });

  it('gives up with null once the time is up', async () => {
    let asked = 0;
    const answer = await askUntil(
      async () => `try ${++asked}`,
      () => false,
      600,
    );
    // 250 ms, then 500 ms would pass the 600 ms: asked twice.
    expect({ answer, asked }).toEqual({ answer: null, asked: 2 });
  });
});
