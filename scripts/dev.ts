/**
 * `npm run dev`: the API with --watch on :8080 and Vite's dev server on :5173 (proxying /api to
 * the API). Stop both with Ctrl-C.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', 'apps/api/src/server.ts'], { stdio: 'inherit', env: { ...process.env } }),
  spawn('npm', ['run', 'dev', '-w', '@console/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
