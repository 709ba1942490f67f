// The lesson list (src/lessons/lessons.txt) for scripts: [{id, goal, code: [regions…]}] in the
// walkthrough's order, and each lesson's folder. The list is the one place that names the lessons.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function lessonList() {
  const text = fs.readFileSync(path.join(root, 'src/lessons/lessons.txt'), 'utf8');
  return text.split('\n').filter(l => l.trim() && !l.startsWith('#')).map(l => {
    const [id, goal, ...code] = l.trim().split(/\s+/);
    return { id, goal, code };
  });
}

export const lessonDir = id => path.join(root, 'src/lessons', id);
