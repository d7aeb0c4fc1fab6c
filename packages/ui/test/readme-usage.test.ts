// @vitest-environment node
import { describeReadmeUsage } from '@ofw/test-kit/readme-usage';

describeReadmeUsage(new URL('..', import.meta.url), { '@ofw/ui/styles.css': '../src/styles.css' });
