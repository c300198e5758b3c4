/** What a chart asks the toaster to show when a step ends: one title, good news or bad. */
export interface Notice {
  title: string;
  toastType: 'success' | 'error';
}
