import { ImageUp, X } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { FileButton } from "@/components/ui/file-button";
import type { ImageChoice } from "../hooks/use-image-choice";

/** The details screen's photo control: a labelled picker, and a way to drop the pick. */
export function ImagePicker({
  id,
  label,
  image,
  disabled,
}: {
  id: string;
  label: string;
  image: ImageChoice;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-semibold text-fg">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <FileButton
          id={id}
          accept="image/*"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          aria-invalid={image.error !== null}
          disabled={disabled}
          onFile={image.choose}
          className={buttonClass("secondary")}
        >
          <ImageUp aria-hidden className="size-4" />
          {image.file ? "Choose another" : "Choose image"}
        </FileButton>
        {image.file && (
          <Button variant="ghost" onClick={image.clear} disabled={disabled}>
            <X aria-hidden className="size-4" /> Remove
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="truncate text-xs text-fg-subtle">
        {image.file ? image.file.name : "A square photo works best. JPEG, PNG, WebP or GIF."}
      </p>
    </div>
  );
}
