import { fireEvent } from '@testing-library/react';

/** Hands files to a file input as the system's picker (or a drop on Ark's zone) would: jsdom cannot set `files` itself. */
export function chooseFiles(input: HTMLElement, files: File[]) {
  Object.defineProperty(input, 'files', { configurable: true, value: Object.assign([...files], { item: (i: number) => files[i] }) });
  fireEvent.input(input);
}
