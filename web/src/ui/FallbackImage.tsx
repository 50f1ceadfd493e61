import { ImageOff } from 'lucide-react';
import type { ImgHTMLAttributes } from 'react';
import { useFailedSources } from './useFailedSources.ts';

interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string | null | undefined;
  /** Required: "" for a decorative image. */
  alt: string;
  /** Tried once when `src` fails. */
  fallbackSrc?: string;
}

/**
 * SPEC §2 fallback image: a broken or missing image becomes the fallback source, then a neutral placeholder
 * that keeps the image's size and its text alternative.
 */
export function FallbackImage({ src, alt, fallbackSrc, className = '', ...rest }: FallbackImageProps) {
  // Failures are remembered per source, so a new src gets its own chance (and every one after a reconnect).
  const [failed, markFailed] = useFailedSources();
  const candidates = [src, fallbackSrc].filter((candidate): candidate is string => !!candidate);
  const current = candidates.find((candidate) => !failed.has(candidate));

  if (!current) {
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`inline-flex items-center justify-center bg-slate-100 text-slate-400 ${className}`}
      >
        <ImageOff aria-hidden="true" className="size-1/3 max-h-10 max-w-10 min-h-5 min-w-5" />
      </span>
    );
  }
  return (
    <img
      {...rest}
      src={current}
      alt={alt}
      className={className}
      onError={(event) => {
        markFailed(current);
        rest.onError?.(event);
      }}
    />
  );
}
