/**
 * The widget runtime as ONE file (docs/decisions/160). esbuild puts shared code into a chunk per
 * distinct set of entry points that reach it, and each widget uses a different handful of hooks, so
 * the libraries ended up in about a dozen chunks: every chunk is a request and its own gzip window
 * (~3 KB more than one file). The build (build/runtime-chunk.ts) makes every widget module import
 * this one, so every lazily loaded entry reaches it; the one statement below reaches everything
 * widgets share, so it all has the same set of entry points and lands in a single chunk. Add a name
 * here when widgets start sharing it: the build fails when shared code lands outside this chunk.
 * Tests never import it: it only steers the bundler.
 */
import { createContext, createElement, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { I18nProvider, useLingui } from '@lingui/react';
import { atom, onMount } from 'nanostores';
import { useStore } from '@nanostores/react';
import { Icon } from '../ui/icons';
import { defineWidget } from './define';
import { formatMoney } from './format';
import { i18n } from './i18n';
import { useWidgetId } from './ids';
import { $cart } from '../stores/cart';
import { $session } from '../stores/session';

/** Does nothing at run time; to the bundler it is a statement that uses all of the above. */
export function keepTogether(_shared: () => unknown[]): void {}

// A closure, never called: no binding is read while modules are still being evaluated.
keepTogether(() => [
  createContext, createElement, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState,
  useSyncExternalStore, createPortal, Fragment, jsx, jsxs, I18nProvider, useLingui, atom, onMount, useStore, Icon,
  defineWidget, i18n, useWidgetId, formatMoney, $cart, $session,
]);
