export { cn } from "@eitheror/shared/shell/button";
