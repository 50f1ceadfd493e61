import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { skillAreaIdSchema, videoKindSchema } from '@uplift/contracts';

/** The demo videos: what the seed stores and what seed/make-demo-media.ts draws (one JSON for both). */
export const demoMediaDir = new URL('./demo-media/', import.meta.url);
const catalogueFile = new URL('./demo-videos.json', import.meta.url);

const colour = z.string().regex(/^0x[0-9A-F]{6}$/);

const demoVideoSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  kind: videoKindSchema,
  title: z.string().min(1).max(120),
  description: z.string().min(1).max(600),
  skillTags: z.array(skillAreaIdSchema).min(1),
  premium: z.boolean(),
  background: colour,
  accent: colour,
  slides: z
    .array(
      z.object({ heading: z.string().min(1), lines: z.array(z.string()), seconds: z.number().positive() }),
    )
    .min(1),
});
export type DemoVideo = z.infer<typeof demoVideoSchema>;

export async function loadDemoCatalogue(): Promise<DemoVideo[]> {
  return z.array(demoVideoSchema).parse(JSON.parse(await readFile(catalogueFile, 'utf8')));
}

export const demoDuration = (video: DemoVideo) => video.slides.reduce((sum, slide) => sum + slide.seconds, 0);

/** File names inside demo-media/, relative: what follows `demo/` in a video's keys (video-files.ts). */
export const demoFiles = (slug: string) => ({
  media: `${slug}.mp4`,
  poster: `${slug}.jpg`,
  captions: `${slug}.vtt`,
});
