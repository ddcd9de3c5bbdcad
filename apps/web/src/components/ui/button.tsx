import { type ButtonSize, type ButtonVariant, buttonClass } from "@eitheror/shared/shell/button";
import type { ComponentProps } from "react";

export { type ButtonSize, type ButtonVariant, buttonClass };

export function Button({
  variant = "primary",
  size = "md",
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
}
