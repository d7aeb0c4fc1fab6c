// @vitest-environment node
import { describeReadmeUsage } from '@ofw/test-kit/readme-usage';

describeReadmeUsage(new URL('..', import.meta.url), { '@ofw/api-client/query': '../src/query.js' });
