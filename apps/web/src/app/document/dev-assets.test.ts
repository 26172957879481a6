import react from '@vitejs/plugin-react';
import { describe, expect, it } from 'vitest';
import { DEV_PREAMBLE } from './dev-assets';

describe('the dev document', () => {
  it("carries React Refresh's preamble as the plugin writes it, so hot reload starts", () => {
    expect(DEV_PREAMBLE).toBe(react.preambleCode.replace('__BASE__', '/'));
  });
});
