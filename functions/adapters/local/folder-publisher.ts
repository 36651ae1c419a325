// The Publisher port on a local folder that the dev server serves as the site.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Publisher } from '../../ports.js';

export class FolderPublisher implements Publisher {
  private readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, body);
    await rename(temp, path);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`key escapes the site folder: ${key}`);
    return path;
  }
}
