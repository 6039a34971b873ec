import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { whenIdle } from "~/lib/when-idle";

export type HeroSlide = { src: string; srcSet?: string; alt: string };

const AUTOPLAY_MS = 6000;

/** The slides whose image the page holds once `index` is shown: it and the two a tap or the autoplay shows next. */
export function slidesWithImage(held: ReadonlySet<number>, index: number, count: number): ReadonlySet<number> {
  const wanted = [index, (index + 1) % count, (index - 1 + count) % count];
  return wanted.every((i) => held.has(i)) ? held : new Set([...held, ...wanted]);
}

/**
 * The home hero: a looping carousel (last slide wraps to the first). The first slide's image is
 * the LCP element: in the server HTML, fetchpriority high, never lazy. The others are not in the
 * server HTML at all: lazy loading alone still fetched the two slides beside the first at once on a
 * phone (they sit within the browser's lazy-load distance), full-width images a shopper on mobile
 * data pays for before seeing any, and more images to decode and paint while the page starts.
 * Each slide's image is added when the page is idle after the slide before or after it is shown, so
 * the next one has loaded by the time the autoplay or a tap brings it; a slide shown before that
 * (a tap before the page was idle) gets its image at once.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const count = slides.length;
  // Starts with the first slide's (the LCP image, in the server HTML) and only ever grows.
  const [withImage, setWithImage] = useState<ReadonlySet<number>>(() => new Set([0]));
  const go = useCallback((delta: number) => setIndex((i) => (i + delta + count) % count), [count]);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setPlaying(false);
  }, []);
  useEffect(() => whenIdle(() => setWithImage((held) => slidesWithImage(held, index, count))), [index, count]);
  useEffect(() => {
    if (!playing || hovered || count < 2) return;
    const timer = window.setInterval(() => go(1), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [playing, hovered, count, go]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative overflow-hidden bg-brand"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocusCapture={() => setHovered(true)}
      onBlurCapture={() => setHovered(false)}
    >
      <div className="flex transition-transform duration-700 ease-out" style={{ transform: `translateX(-${index * 100}%)` }}>
        {slides.map((slide, i) => (
          <div
            key={`${slide.src}-${i}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className="relative aspect-[4/3] w-full shrink-0 sm:aspect-[2/1]"
          >
            {i === index || withImage.has(i) ? (
              <img
                src={slide.src}
                srcSet={slide.srcSet}
                sizes="100vw"
                alt={slide.alt}
                width={1600}
                height={800}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : "low"}
                decoding={i === 0 ? "sync" : "async"}
                className="h-full w-full object-cover"
              />
            ) : null}
          </div>
        ))}
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/85 to-transparent px-6 pt-16 pb-8 sm:px-12">
        <div className="pointer-events-auto mx-auto flex max-w-7xl flex-col items-start gap-4">
          <h1 className="max-w-xl text-2xl font-extrabold text-white sm:text-4xl">Insulated bottles &amp; tumblers, cold 24 h, hot 12 h</h1>
          <Link to="/collection/matte" className="rounded-full bg-white px-6 py-3 font-semibold text-brand shadow hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
            Explore Collection
          </Link>
        </div>
      </div>
      {count > 1 ? (
        <div className="absolute top-4 right-4 flex gap-2">
          <button type="button" onClick={() => go(-1)} aria-label="Previous slide" className="rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white">
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button type="button" onClick={() => setPlaying((p) => !p)} aria-label={playing ? "Pause slideshow" : "Play slideshow"} className="rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white">
            {playing ? <Pause className="size-5" aria-hidden="true" /> : <Play className="size-5" aria-hidden="true" />}
          </button>
          <button type="button" onClick={() => go(1)} aria-label="Next slide" className="rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white">
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
