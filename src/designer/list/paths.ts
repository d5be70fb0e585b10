/** The routes of 列表设计 and 弹窗设计 (spec 000 §2.1: `/custom/format/form/sub/dt`, `/custom/format/form/factor`). */
export const FORMAT_LIST_DESIGN_PATH = '/custom/format/form/sub/dt';
export const FORMAT_PICKER_DESIGN_PATH = '/custom/format/form/factor';
