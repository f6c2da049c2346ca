/**
 * The HTML invoker attributes React's types do not list yet (React passes them through as
 * they are): `commandfor`/`command` make a button open or close a <dialog> without
 * JavaScript, and `interestfor` shows a hint popover (a tooltip) on hover or focus.
 */
import "react";

// Augmentations repeat React's type parameter T, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module "react" {
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover" | undefined;
    commandfor?: string | undefined;
    interestfor?: string | undefined;
  }
  interface AnchorHTMLAttributes<T> {
    interestfor?: string | undefined;
  }
}
