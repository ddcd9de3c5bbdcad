import type { UserData } from "@eitheror/shared/auth/schema";
import { Camera } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { FileButton } from "@/components/ui/file-button";
import type { ImageChoice } from "../hooks/use-image-choice";

/** The profile photo is shown at 200 px, round (docs/product.md#screens). */
export const PHOTO_SIZE = 200;

/** One's photo with a camera button to pick a new one, previewed until saved, with Undo. */
export function ProfilePhotoEditor({
  user,
  image,
  disabled,
  onChoose,
  onUndo,
}: {
  user: UserData;
  image: ImageChoice;
  disabled: boolean;
  onChoose: (file: File) => void;
  onUndo: () => void;
}) {
  return (
    <div className="flex shrink-0 flex-col items-center text-center">
      <div className="relative">
        <Avatar
          name={user.displayName}
          src={image.previewUrl ?? user.photoURL}
          alt={image.previewUrl ? "Your new profile photo, not saved yet" : undefined}
          size={PHOTO_SIZE}
          className="ring-4 ring-brand-soft"
        />
        <FileButton
          accept="image/*"
          aria-label="Change profile photo"
          disabled={disabled}
          onFile={onChoose}
          className="absolute right-2 bottom-2 flex size-12 items-center justify-center rounded-full bg-brand text-on-brand shadow-md ring-4 ring-surface transition hover:bg-brand-hover"
        >
          <Camera aria-hidden className="size-5" />
        </FileButton>
      </div>
      <p className="mt-3 min-h-5 text-sm text-fg-muted" aria-live="polite">
        {image.file && (
          <>
            New photo chosen.{" "}
            <button
              type="button"
              onClick={onUndo}
              className="rounded font-semibold text-brand-fg underline underline-offset-4 hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
            >
              Undo
            </button>
          </>
        )}
      </p>
    </div>
  );
}
