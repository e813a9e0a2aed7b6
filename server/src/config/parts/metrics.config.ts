import { defineConfigPart } from '../config-part.js';

export const metricsConfig = defineConfigPart({
  variables: [
    {
      name: 'BYGGDOK_METRICS_PUBLIC',
      default: '`false`',
      description:
        "`true`: `/metrics` (Prometheus) is served without the operator token; each API process serves its own and its workers' figures, a `worker`-only process serves none",
    },
  ],
  read(env): { metricsPublic: boolean } {
    return { metricsPublic: env.boolean('BYGGDOK_METRICS_PUBLIC', false) };
  },
});
