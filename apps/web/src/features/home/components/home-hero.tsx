import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ActionLinks } from '../../../components/ui/action-links';
import { paths } from '@scholar/shared';
import { home } from '../../../content/home';
import { useHydrated } from '../../../lib/hydration';
import { useT } from '../../../lib/i18n';
import { useScholarText } from '../../../lib/site-settings';

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Runs `work` when the browser has nothing more urgent to do (within 2 s), or at once where it cannot say. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 0);
  return () => window.clearTimeout(id);
}

/**
 * The hero: a short, muted, looping background clip behind the page's h1. The page arrives with the clip's poster
 * as a picture: a `<video>` element costs the browser a lot of styling work (its built-in controls) before the
 * first paint, so it is added only once the app runs and the browser is idle, over the same poster, and only to
 * play. `preload="none"` keeps the clip itself off the critical path; visitors who ask for less motion see the
 * poster only, and anyone can pause it.
 */
export function HomeHero() {
  const { hero } = home;
  const scholar = useScholarText();
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  // Still until the page is in a browser that has hydrated it (the server cannot know the reader's preference).
  const [playing, setPlaying] = useState(false);
  // The `<video>` itself, once it is to play.
  const [withVideo, setWithVideo] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => {
    if (reducedMotion()) return undefined;
    return whenIdle(() => {
      setWithVideo(true);
      setPlaying(true);
    });
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof video.play !== 'function') return;
    if (!playing) {
      video.pause();
      return;
    }
    // A browser that refuses to play shows the poster and offers the play button.
    Promise.resolve(video.play()).catch(() => setPlaying(false));
  }, [playing, withVideo]);

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-brand-900 text-white"
    >
      <img
        src={hero.video.poster}
        alt=""
        width={hero.video.posterSize.width}
        height={hero.video.posterSize.height}
        fetchPriority="high"
        className="absolute inset-0 -z-20 size-full object-cover"
      />
      {withVideo && (
        <video
          ref={videoRef}
          className="absolute inset-0 -z-20 size-full object-cover"
          poster={hero.video.poster}
          autoPlay={playing}
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
        >
          <source src={hero.video.webm} type="video/webm" />
          <source src={hero.video.mp4} type="video/mp4" />
        </video>
      )}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-900/90 via-brand-900/70 to-brand-900/40"
      />
      <div className="mx-auto flex min-h-[26rem] max-w-7xl flex-col justify-center px-4 py-16 sm:min-h-[32rem]">
        <p className="text-sm font-semibold tracking-widest text-gold-400 uppercase">
          {t('home.hero.eyebrow')}
        </p>
        <h1
          id="hero-title"
          className="mt-3 max-w-3xl font-serif text-4xl font-bold text-balance break-words sm:text-5xl lg:text-6xl"
        >
          {t('home.hero.title')}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-stone-100">{scholar(t('home.hero.text'))}</p>
        <ActionLinks
          className="mt-8"
          links={[
            { to: paths.books, label: t('home.hero.browseBooks'), tone: 'gold' },
            { to: paths.askFatwah, label: t('nav.askQuestion'), tone: 'ghost' },
          ]}
        />
      </div>
      {/* The video is the app's to play: until it runs, no button (it sits over the picture, so nothing moves). */}
      {hydrated && (
        <button
          type="button"
          onClick={() => {
            setWithVideo(true);
            setPlaying((value) => !value);
          }}
          aria-label={playing ? t('home.hero.pause') : t('home.hero.play')}
          className="absolute end-4 bottom-4 grid size-10 place-items-center rounded-full bg-black/40 text-white hover:bg-black/60"
        >
          {playing ? (
            <Pause aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
        </button>
      )}
    </section>
  );
}
