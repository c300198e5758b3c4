import { SegmentGroup as ArkSegmentGroup } from '@ark-ui/react/segment-group';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { segmentGroup } from 'styled-system/recipes/segment-group';

const srOnly = css({ srOnly: true });
const { withProvider, withContext } = createStyleContext(segmentGroup);

export const SegmentGroup = {
  Root: withProvider(ArkSegmentGroup.Root, 'root'),
  Label: withContext(ArkSegmentGroup.Label, 'label'),
  Item: withContext(ArkSegmentGroup.Item, 'item'),
  ItemText: withContext(ArkSegmentGroup.ItemText, 'itemText'),
  ItemControl: withContext(ArkSegmentGroup.ItemControl, 'itemControl'),
  ItemHiddenInput: ArkSegmentGroup.ItemHiddenInput,
};

export interface Segment {
  value: string;
  /** The accessible name; shown unless an icon stands for it. */
  label: string;
  icon?: ReactNode;
}

/** A labelled group of radio buttons, one of them chosen (e.g. the list's mode switch). */
export function Segments({
  label,
  segments,
  value,
  onValueChange,
  hideLabel,
  disabled,
}: {
  label: string;
  segments: readonly Segment[];
  value: string;
  onValueChange: (value: string) => void;
  hideLabel?: boolean;
  disabled?: boolean;
}) {
  return (
    <SegmentGroup.Root value={value} disabled={disabled} onValueChange={(d) => d.value !== null && onValueChange(d.value)}>
      <SegmentGroup.Label className={hideLabel ? srOnly : undefined}>{label}</SegmentGroup.Label>
      {segments.map((segment) => (
        <SegmentGroup.Item key={segment.value} value={segment.value} title={segment.icon ? segment.label : undefined}>
          <SegmentGroup.ItemText>
            {segment.icon}
            <span className={segment.icon ? srOnly : undefined}>{segment.label}</span>
          </SegmentGroup.ItemText>
          <SegmentGroup.ItemControl />
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  );
}
