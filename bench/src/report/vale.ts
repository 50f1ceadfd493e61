import type { BenchResults } from '../results.ts';
import type { ValeFirstTokenResult } from '../vale.ts';
import { sectionBlock } from './section.ts';
import { table } from './table.ts';
import { ms } from './units.ts';

export function valeReport(results: BenchResults): string[] {
  const { settings } = results;
  return sectionBlock(
    results,
    'vale',
    [
      `Vale time to first token: ${settings.valeRequests} sequential requests each way, alternating, after ` +
        `${settings.valeWarmupRequests} warm-up each way, loopback`,
      `upstream = the tests' fake OpenAI-compatible server (in the bench process), ` +
        `${settings.valeTokenDelayMs} ms after each token; "Vale added" = Vale's percentile minus the upstream's; ` +
        `"pair by pair" = the percentiles of each Vale request less the direct one asked next to it`,
    ],
    formatVale,
  );
}

function formatVale(vale: ValeFirstTokenResult): string[] {
  return [
    table(
      ['Path', 'First token', 'p50', 'p99', 'mean'],
      [
        [
          'Upstream direct: POST /v1/chat/completions',
          vale.direct.firstToken,
          ms(vale.direct.p50Ms),
          ms(vale.direct.p99Ms),
          ms(vale.direct.meanMs),
        ],
        [
          'Through Vale: POST /api/chat/public',
          vale.vale.firstToken,
          ms(vale.vale.p50Ms),
          ms(vale.vale.p99Ms),
          ms(vale.vale.meanMs),
        ],
        ['Vale added', '', ms(vale.addedP50Ms), ms(vale.addedP99Ms), ''],
        [
          'Vale added, pair by pair',
          '',
          ms(vale.addedPerPair.p50Ms),
          ms(vale.addedPerPair.p99Ms),
          ms(vale.addedPerPair.meanMs),
        ],
      ],
      ['left', 'left', 'right', 'right', 'right'],
    ),
  ];
}
