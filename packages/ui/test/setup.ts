import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; a loaded 2-core CI machine must fail a test for behaviour, not load.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
