import { UserRound } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";

interface AvatarProps {
  name?: string | null;
  src?: string | null;
  size?: number;
  /** Overrides the default "{name}'s photo", e.g. for a preview not saved yet. */
  alt?: string;
  className?: string;
}

/**
 * Made when a name first needs it: building one loads the browser's text data, some
 * 40 ms on a fast machine and four times that on a phone, and most names never need it.
 */
let graphemes: Intl.Segmenter | undefined;
/**
 * A word that starts with two printable ASCII characters, or is one: its first
 * character is its first grapheme (no two such characters join into one).
 */
const PLAIN_START = /^[\x21-\x7e](?:[\x21-\x7e]|$)/;

function firstGrapheme(word: string): string {
  if (PLAIN_START.test(word)) return word.charAt(0);
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? "";
}

/** The first character of the first two words, whole: "Dee 🎉" → "D🎉", "élan vital" → "ÉV". */
export function initialsOf(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map(firstGrapheme).join("").toUpperCase();
}

/** A round photo, or the name's initials on a soft tint when there is none to show. */
export function Avatar({ name, src, size = 36, alt, className }: AvatarProps) {
  const style = { width: size, height: size };
  // A photo the browser cannot show (gone, or a format it cannot decode) falls back to initials.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        onError={() => setFailedSrc(src)}
        alt={alt ?? (name ? `${name}'s photo` : "")}
        style={style}
        className={cn("shrink-0 rounded-full object-cover ring-1 ring-fg/5", className)}
      />
    );
  }
  const initials = name ? initialsOf(name) : "";
  return (
    <span
      style={{ ...style, fontSize: size * 0.4 }}
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand-soft-fg",
        className,
      )}
    >
      {/* The initials are for the eye; a screen reader says the name. Inside a control
          named otherwise (the profile menu's "Open profile menu"), initials as its visible
          text would not match its name (WCAG 2.5.3, Lighthouse's label-content-name-mismatch). */}
      {initials ? (
        <span aria-hidden>{initials}</span>
      ) : (
        <UserRound aria-hidden className="size-1/2" />
      )}
      {name && <span className="sr-only">{name}</span>}
    </span>
  );
}
