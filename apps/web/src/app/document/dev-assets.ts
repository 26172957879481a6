// Placeholder until the dev-server work lands (h43-devssr owns this file).
export const DEV_SCRIPTS: string[] = ['/@vite/client', '/src/main.tsx'];
export const DEV_PREAMBLE = '';
