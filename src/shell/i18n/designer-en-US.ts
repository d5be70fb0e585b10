/**
 * The designer's own words in English (模板设计 and 模板属性配置), keyed by the Chinese it shows, like
 * the runtime's (`runtime-en-US.ts`); words both use are there.
 */
export const DESIGNER_EN_US: Record<string, string> = {
  // 模板设计
  '模板名称': 'Template name', '请输入模板名称': 'Enter a template name', '模板编码': 'Template code', '请输入模板编码': 'Enter a template code',
  '模板类型': 'Type', '数据源': 'Data source', '所属菜单': 'Menu', '发布状态': 'Publish state', '发布时间': 'Published', '发布人': 'Published by',
  '字段属性': 'Field attributes', '未发布': 'Not published', '草稿有修改': 'Draft changed', '已发布': 'Published',
  '草稿与已发布版本不同，发布后生效': 'The draft differs from the published version; it takes effect when published',
  '列表': 'List', '表单': 'Form', '弹窗': 'Popup',
  // 模板属性配置
  '表单字段': 'Form fields', '列表字段': 'List columns', '弹窗字段': 'Popup columns', '子表：{name}': 'Detail table: {name}',
  '字段说明': 'Label', '字段名': 'Field name', '控件类型': 'Control', '属性配置': 'Attributes', '未保存': 'Unsaved', '清除': 'Remove',
  '未设置': 'Not set', '未设置（00:00:00 至 23:59:59）': 'Not set (00:00:00 to 23:59:59)',
  '发布': 'Publish', '保存成功': 'Saved', '发布成功': 'Published', '有未保存的修改': 'Unsaved changes', '请先保存再发布': 'Save before publishing',
  '草稿与已发布版本相同': 'The draft is the published version',
  '发布后，使用此模板的页面将按当前草稿显示，是否继续?': 'Pages using this template will show the current draft once published. Continue?',
  '修改只改变草稿；发布后使用此模板的页面才按新配置显示。': 'Changes affect the draft only; pages using the template change when it is published.',
  '模板已被他人修改，请载入最新草稿后重试': 'Someone else changed this template; load the latest draft and try again',
  '您的修改仍保留在页面上；载入最新草稿后会重新应用这些修改，确认后再保存。': 'Your changes are kept on screen; loading the latest draft applies them again, check them and save.',
  '载入最新草稿': 'Load the latest draft', '模板不存在或无法读取': 'The template does not exist or cannot be read',
  '没有编辑模板的权限（custom_format_edit）': 'You may not edit templates (custom_format_edit)',
  '没有发布模板的权限（custom_format_publish）': 'You may not publish templates (custom_format_publish)',
};
