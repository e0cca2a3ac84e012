import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rooms rule of eslint.config.js, run through ESLint itself on imports written into
 * files of src/views: if a later config entry dropped it (one entry per file group replaces
 * the one before), these imports would pass unnoticed.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

/** The import-rule errors of one import of `name` in a module at `filePath`. */
async function importErrors(filePath: string, specifier: string, name = 'part'): Promise<string[]> {
  const code = `import { ${name} } from '${specifier}';\n\nexport const used = ${name};\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' && message.severity === 2)
    .map((message) => message.message);
}

describe('features in their own rooms', () => {
  it('refuses an import of another feature, however it is spelled', async () => {
    const [error] = await importErrors('src/views/trade/x.tsx', '../orders/order-card');
    expect(error).toMatch(/No imports between features/);
    expect(await importErrors('src/views/trade/x.tsx', '../../views/orders/x')).toHaveLength(1);
    expect(await importErrors('src/views/admin/users/x.tsx', '../../kyc/x')).toHaveLength(1);
  });

  it('refuses an import of a feature from src/views/shared', async () => {
    expect(await importErrors('src/views/shared/x.tsx', '../markets/markets-page')).toHaveLength(1);
  });

  it('refuses an import between two rooms of the console', async () => {
    const [error] = await importErrors('src/views/admin/users/x.tsx', '../admins/approvals-model');
    expect(error).toMatch(/No imports between console rooms/);
    expect(await importErrors('src/views/admin/console/x.tsx', '../queues/x')).toHaveLength(1);
  });

  it('allows the shared rooms, the own feature and the layers below', async () => {
    expect(await importErrors('src/views/trade/x.tsx', '../shared/order-card')).toEqual([]);
    expect(await importErrors('src/views/trade/x.tsx', './trade-form')).toEqual([]);
    expect(await importErrors('src/views/trade/x.tsx', '../../services/queries')).toEqual([]);
    expect(await importErrors('src/views/admin/users/x.tsx', '../console/admin-ui')).toEqual([]);
    expect(await importErrors('src/views/admin/users/x.tsx', '../../shared/x')).toEqual([]);
  });

  it('keeps the rules of src/views in every room', async () => {
    expect(await importErrors('src/views/trade/x.tsx', '../../app/guard')).toHaveLength(1);
    const room = 'src/views/admin/users/x.tsx';
    expect(await importErrors(room, '../../../../server/x')).toHaveLength(1);
    expect(await importErrors(room, 'xstate', 'createActor')).toHaveLength(1);
  });
});
