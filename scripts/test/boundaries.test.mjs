// docs/ARCHITECTURE.md "May import" table is enforced by the root ESLint config (eslint-plugin-boundaries), so a
// workspace reaching around its boundary fails `pnpm lint`. Each case lints a small fixture as if it were a source
// file of that workspace (ESLint's lintText, type-aware rules off: only the import graph matters here). Run by
// `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { root } from '../lib/processes.mjs';

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    { languageOptions: { parserOptions: { projectService: false } } },
  ],
});

/** The boundaries messages ESLint gives `code` as the file `filePath` (relative to the repository root). */
async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('docs/ARCHITECTURE.md "May import" in eslint.config.js', () => {
  const forbidden = [
    [
      'packages/domain/src/fixture.ts',
      "import { VenmoLogo } from '@ofw/ui';",
      /domain may import only no @ofw package/,
    ],
    ['packages/domain/src/fixture.ts', "import { useState } from 'react';", /domain's sources may use only zod/],
    ['packages/domain/src/fixture.ts', "import { readFileSync } from 'node:fs';", /domain's sources may use only zod/],
    [
      'packages/domain/src/fixture.ts',
      "import { parseAuthorization } from '../../payments/src/core/authorization.js';",
      /domain may not reach into another workspace by a path/,
    ],
    [
      'packages/api-client/src/fixture.ts',
      "import { Button } from '@ofw/ui';",
      /api-client may import only @ofw\/domain/,
    ],
    [
      'packages/ui/src/fixture.ts',
      "import { createApiClient } from '@ofw/api-client';",
      /ui may import only @ofw\/domain/,
    ],
    ['packages/payments/src/fixture.ts', "import { Button } from '@ofw/ui';", /payments may import only @ofw\/domain/],
    ['apps/join-api/src/fixture.ts', "import { useHostedFields } from '@ofw/payments';", /join-api may import only/],
    [
      'apps/payments-sandbox/src/fixture.ts',
      "import { createPaymentsClient } from '@ofw/payments';",
      /payments-sandbox may import only @ofw\/payments\/protocol/,
    ],
    [
      'apps/payments-sandbox/src/fixture.ts',
      "import { createApiClient } from '@ofw/api-client';",
      /payments-sandbox may import only @ofw\/domain/,
    ],
    [
      'apps/join-web/src/fixture.ts',
      "import { createDb } from '../../join-api/src/db/client.js';",
      /join-web may not reach into another workspace by a path/,
    ],
  ];
  for (const [file, code, message] of forbidden) {
    it(`${file.split('/src/')[0]} — \`${code}\` fails lint`, async () => {
      const errors = await boundaryErrors(file, `${code}\nexport {};\n`);
      assert.equal(errors.length, 1, `expected one boundaries error, got ${JSON.stringify(errors)}`);
      assert.match(errors[0], message);
    });
  }

  const allowed = [
    ['packages/domain/src/fixture.ts', "import { z } from 'zod';"],
    ['packages/api-client/src/fixture.ts', "import { getPackage } from '@ofw/domain';"],
    [
      'packages/payments/src/fixture.ts',
      "import { useState } from 'react';\nimport { CARD_BRANDS } from '@ofw/domain';",
    ],
    ['packages/ui/src/fixture.ts', "import type { BillingAddress } from '@ofw/domain';"],
    [
      'apps/join-web/src/fixture.ts',
      "import { VenmoLogo } from '@ofw/ui';\nimport { usePayments } from '@ofw/payments';",
    ],
    ['apps/join-api/src/fixture.ts', "import { OrderRequestSchema } from '@ofw/api-client';"],
    ['apps/payments-sandbox/src/fixture.ts', "import { PROTOCOL_SOURCE } from '@ofw/payments/protocol';"],
    ['packages/payments/src/fixture.ts', "import { PaymentsError } from './core/errors.js';"],
  ];
  for (const [file, code] of allowed) {
    it(`${file.split('/src/')[0]} — \`${code.split('\n')[0]}\` is allowed`, async () => {
      assert.deepEqual(await boundaryErrors(file, `${code}\nexport {};\n`), []);
    });
  }
});
