import { FormGrid, type IFormGridProps } from '@formily/antd-v5';
import { useMemo, type ReactNode } from 'react';

/**
 * The container's layout box in place of its on-screen one. Formily's grid counts its columns from
 * `getBoundingClientRect()`, which a transform shrinks: a form mounted in a dialog during its
 * opening zoom (scale 0.2 → 1) would be laid out one field a row and re-laid out into its columns
 * once the zoom ends, moving every field under the user's pointer. The layout box ignores
 * transforms, so the form has its columns from the first frame.
 */
function measuredByLayoutBox(container: HTMLElement): HTMLElement {
  container.getBoundingClientRect = () => {
    const onScreen = Element.prototype.getBoundingClientRect.call(container);
    return new DOMRect(onScreen.x, onScreen.y, container.offsetWidth, container.offsetHeight);
  };
  return container;
}

/** The options a grid is made from (Formily's FormGrid makes a new grid when one of them changes). */
const GRID_OPTIONS = ['maxRows', 'maxColumns', 'minColumns', 'maxWidth', 'minWidth', 'breakpoints', 'columnGap', 'rowGap', 'colWrap', 'strictAutoFit'] as const;

/** Formily's form grid, measuring its container's layout box (above); the schema names it `FormGrid`. */
function LayoutFormGrid(props: IFormGridProps & { children?: ReactNode }) {
  const options = JSON.stringify(GRID_OPTIONS.map((name) => props[name]));
  const grid = useMemo(() => {
    const made = FormGrid.createFormGrid(props);
    const connect = made.connect;
    made.connect = (container) => connect(container && measuredByLayoutBox(container));
    return made;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options]);
  return <FormGrid {...props} grid={grid} />;
}

export const LayoutGrid = Object.assign(LayoutFormGrid, { GridColumn: FormGrid.GridColumn, useFormGrid: FormGrid.useFormGrid });
