import { UserRound } from "lucide-react";
import { cn } from "@/lib/cn";

interface AvatarProps {
  name?: string | null;
  src?: string | null;
  size?: number;
  className?: string;
}

/** A round photo, or the name's initials on a soft tint when there is no photo. */
export function Avatar({ name, src, size = 36, className }: AvatarProps) {
  const style = { width: size, height: size };
  if (src) {
    return (
      <img
        src={src}
        alt={name ? `${name}'s photo` : ""}
        style={style}
        className={cn("shrink-0 rounded-full object-cover ring-1 ring-black/5", className)}
      />
    );
  }
  const initials = name
    ?.split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <span
      style={{ ...style, fontSize: size * 0.4 }}
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800",
        className,
      )}
    >
      {initials || <UserRound aria-hidden className="size-1/2" />}
      {name && <span className="sr-only">{name}</span>}
    </span>
  );
}
