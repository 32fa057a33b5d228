import { describe, expect, it } from 'vitest';
import { arrowStep } from './direction';

describe('arrow keys through a row', () => {
  it('goes back with the arrow towards the start of the line, in either direction', () => {
    const ltr = document.createElement('div');
    const rtl = document.createElement('div');
    rtl.setAttribute('dir', 'rtl');
    rtl.style.direction = 'rtl';
    document.body.append(ltr, rtl);
    expect(arrowStep('ArrowLeft', ltr)).toBe(-1);
    expect(arrowStep('ArrowRight', ltr)).toBe(1);
    expect(arrowStep('ArrowLeft', rtl)).toBe(1);
    expect(arrowStep('ArrowRight', rtl)).toBe(-1);
  });
});
