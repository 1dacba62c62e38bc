/** Structured one-line JSON logs (CloudWatch-friendly); quiet under tests unless LOG_LEVEL says otherwise. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Level[] = ['debug', 'info', 'warn', 'error'];
const threshold = (process.env.LOG_LEVEL as Level | undefined) ?? 'info';

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (order.indexOf(level) < order.indexOf(threshold)) return;
  const line = JSON.stringify({ level, message, ...fields, time: new Date().toISOString() });
  (level === 'error' || level === 'warn' ? console.error : console.log)(line);
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};
