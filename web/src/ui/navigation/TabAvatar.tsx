import { AppIcon } from '../icons.tsx';
import { useFailedSources } from '../useFailedSources.ts';

interface TabAvatarProps {
  src: string;
  active: boolean;
}

/**
 * The profile tab shows the member's own photo. It is decorative (the tab's name says "Profile
 * Management"); a photo that fails to load gives way to the profile icon rather than a broken image.
 */
export function TabAvatar({ src, active }: TabAvatarProps) {
  const [failed, markFailed] = useFailedSources();
  if (failed.has(src)) {
    return <AppIcon name="profile" className="size-6" strokeWidth={active ? 2.4 : 1.9} />;
  }
  return (
    <img
      src={src}
      alt=""
      width={24}
      height={24}
      draggable={false}
      onError={() => markFailed(src)}
      className={`size-6 rounded-full object-cover ${active ? 'ring-2 ring-brand-600' : 'ring-1 ring-slate-300'}`}
    />
  );
}
