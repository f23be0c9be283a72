import { EMOJI, emojiPath } from '../../../shared/emoji';
import { he } from '../../i18n/he';

/** The 14 emoji of the writer; picking one inserts its image. */
export function EmojiPopover({ onPick }: { onPick: (src: string, label: string) => void }) {
  return (
    <fieldset className="writer-popover writer-emoji">
      <legend className="visually-hidden">{he.writer.emoji}</legend>
      {EMOJI.map((emoji) => (
        <button
          type="button"
          key={emoji.code}
          className="writer-emoji-button"
          aria-label={emoji.label}
          title={emoji.label}
          onClick={() => onPick(emojiPath(emoji.code), emoji.label)}
        >
          <img src={emojiPath(emoji.code)} alt="" width={24} height={24} />
        </button>
      ))}
    </fieldset>
  );
}
