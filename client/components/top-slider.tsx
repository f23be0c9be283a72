import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { AppLink } from './app-link';
import { LIMITS } from '../../shared/limits';
import type { Forum } from '../../shared/schemas/forums';
import type { Post } from '../../shared/schemas/topics';
import { he } from '../i18n/he';
import { leadImageSources } from '../lib/images';
import { ForumIcon } from './forum-icon';
import { usePrefersReducedMotion } from '../lib/use-prefers-reduced-motion';
import { textDirection } from '../lib/text-direction';
import './top-slider.css';

/**
 * How wide a slide's picture is drawn (main.css): the page less its padding, up to the widest page;
 * on a phone the card is 4:3 and the picture (1200:630) fills its height, so it is drawn wider
 * than the card.
 */
const SLIDE_IMAGE_SIZES =
  '(max-width: 500px) calc((100vw - 20px) * 1.43), (max-width: 1000px) calc(100vw - 32px), 968px';

/**
 * The home page's top posts (docs/product.md §2, §9): the first 3 posts, advancing every 10000 ms and wrapping
 * after the last, switched by dots, arrows or swipe.
 */
export function TopSlider({
  posts,
  forums,
}: {
  posts: readonly Post[];
  forums: readonly Forum[] | undefined;
}) {
  const slides = posts.slice(0, LIMITS.sliderSlides);
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, direction: 'rtl', duration: 24 }, [
    Autoplay({
      delay: LIMITS.sliderIntervalMs,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
  const [selected, setSelected] = useState(0);
  // A slide picked before the carousel has started (it starts in an effect after hydration, and the
  // page's loader replays a tap made earlier: shared/app-loader-script.ts), shown once it has.
  const pickedEarly = useRef<number | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  // The visitor's pause or play (WCAG 2.2.2); until then the slider plays unless motion is unwelcome.
  const [chosenPlaying, setChosenPlaying] = useState<boolean | null>(null);
  const playing = chosenPlaying ?? !reducedMotion;
  // Keyboard focus inside the slider holds it still, so a slide does not move away from the reader.
  const [keyboardInside, setKeyboardInside] = useState(false);
  const rotating = playing && !keyboardInside;

  useEffect(() => {
    if (!embla) return;
    const handleSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', handleSelect);
    embla.on('reInit', handleSelect);
    if (pickedEarly.current !== null) embla.scrollTo(pickedEarly.current, true);
    pickedEarly.current = null;
    // A tap can reach the carousel between its start and this effect: the dots follow it anyway.
    handleSelect();
    return () => {
      embla.off('select', handleSelect);
      embla.off('reInit', handleSelect);
    };
  }, [embla]);

  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (rotating) autoplay.play();
    else autoplay.stop();
  }, [embla, rotating]);

  // A click restarts the 10 s wait so a slide the visitor picked stays for a full interval.
  const restartTimer = useCallback(() => {
    const autoplay = embla?.plugins().autoplay;
    if (autoplay?.isPlaying()) autoplay.reset();
  }, [embla]);
  // Under reduced motion a slide changes at once instead of sliding.
  const goTo = (index: number) => {
    if (!embla) {
      pickedEarly.current = index;
      setSelected(index);
      return;
    }
    embla.scrollTo(index, reducedMotion);
    restartTimer();
  };
  const goPrevious = () => {
    if (!embla) return goTo((selected - 1 + slides.length) % slides.length);
    embla.scrollPrev(reducedMotion);
    restartTimer();
  };
  const goNext = () => {
    if (!embla) return goTo((selected + 1) % slides.length);
    embla.scrollNext(reducedMotion);
    restartTimer();
  };
  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    if (event.target.matches(':focus-visible')) setKeyboardInside(true);
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
      setKeyboardInside(false);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Right to left: the left arrow goes forward, the right arrow back.
    if (event.key === 'ArrowLeft') goNext();
    else if (event.key === 'ArrowRight') goPrevious();
    else return;
    event.preventDefault();
  };

  if (slides.length === 0) return null;

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label={he.topPosts}
      onFocus={handleFocus}
      onBlur={handleBlur}
      onKeyDown={slides.length > 1 ? handleKeyDown : undefined}
    >
      <div className="slider__viewport" ref={viewportRef}>
        <div className="slider__track" aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((post, index) => {
            const image = leadImageSources(post.image, SLIDE_IMAGE_SIZES);
            const forum = forums?.find((item) => item.id === post.forumId);
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group; fieldset is for forms
              <div
                className="slider__slide"
                key={post.id}
                role="group"
                aria-roledescription="slide"
                aria-label={he.slide(index + 1, slides.length)}
                inert={index !== selected}
              >
                <AppLink to={`/topic/${post.id}`} className="slider__card">
                  {image ? (
                    <img
                      {...image}
                      alt=""
                      className="slider__image"
                      decoding="async"
                      fetchPriority={index === 0 ? 'high' : 'low'}
                    />
                  ) : null}
                  <span className="slider__shade" aria-hidden="true" />
                  <span className="slider__text">
                    {forum ? (
                      <span className="slider__forum">
                        <ForumIcon icon={forum.icon} size={18} /> {forum.name}
                      </span>
                    ) : null}
                    <span className="slider__subject" dir={textDirection(post.subject)}>
                      {post.subject}
                    </span>
                    <span className="slider__preview" dir={textDirection(post.message)}>
                      {post.message}
                    </span>
                  </span>
                </AppLink>
              </div>
            );
          })}
        </div>
      </div>
      {slides.length > 1 ? (
        <>
          <button
            type="button"
            className="slider__arrow slider__arrow--previous"
            onClick={goPrevious}
            aria-label={he.previousSlide}
          >
            <span aria-hidden="true">›</span>
          </button>
          <button
            type="button"
            className="slider__arrow slider__arrow--next"
            onClick={goNext}
            aria-label={he.nextSlide}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="slider__dots">
            <button
              type="button"
              className="slider__pause"
              aria-label={playing ? he.pauseSlider : he.playSlider}
              onClick={() => setChosenPlaying(!playing)}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                {playing ? (
                  <path fill="currentColor" d="M4 3h3v10H4zM9 3h3v10H9z" />
                ) : (
                  <path fill="currentColor" d="M12 3v10L4 8z" />
                )}
              </svg>
            </button>
            {slides.map((post, index) => (
              <button
                key={post.id}
                type="button"
                className="slider__dot"
                aria-label={he.goToSlide(index + 1)}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
