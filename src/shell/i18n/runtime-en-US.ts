/**
 * The template runtime's own words in English, keyed by the Chinese the runtime shows (with its
 * `{name}` placeholders). Field labels and template titles come from the templates; the common
 * lifecycle button labels are here too, so a business list reads in English.
 */
export const RUNTIME_EN_US: Record<string, string> = {
  // list page
  '更多': 'More', '高级查询': 'Advanced search', '查询': 'Search', '重置': 'Reset', '共 {n} 条': '{n} in total', '合计': 'Total',
  '请输入{fields}': 'Enter {fields}', '请选择': 'Select', '是': 'Yes', '否': 'No', '提示': 'Notice', '温馨提示': 'Notice', '确定': 'OK', '取消': 'Cancel',
  '该菜单尚未配置模板': 'No template is configured for this menu yet', '详情': 'Details', '操作日志': 'Operation log', '序号': 'No.',
  // buttons of the seeded templates
  '新增': 'Add', '修改': 'Edit', '删除': 'Delete', '启用': 'Enable', '停用': 'Disable', '审核': 'Audit', '批量审核': 'Audit selected',
  '弃审': 'Unaudit', '作废': 'Void', '恢复': 'Restore', '复制': 'Copy', '导出': 'Export', '查看': 'View', '抓拍图片': 'Captured pictures',
  // list actions
  '此操作将永久删除该数据, 是否继续?': 'This permanently deletes the record. Continue?', '此操作将作废该数据, 是否继续?': 'This voids the data. Continue?',
  '确定将所选用户强制下线吗?': 'Force the selected users offline?',
  '删除成功': 'Deleted', '作废成功': 'Voided', '审核成功': 'Audited', '弃审成功': 'Unaudited', '恢复成功': 'Restored', '启用成功': 'Enabled',
  '停用成功': 'Disabled', '已强制下线': 'Forced offline',
  '请选择要删除的数据': 'Please select the records to delete', '请至少选择一条数据！': 'Please select at least one record!',
  '请选择一条数据！': 'Please select a record!', '只能选择一条数据！': 'Select only one record!',
  // forms
  '加载中…': 'Loading…', '提交': 'Submit', '保存': 'Save', '返回': 'Back', '称重保存': 'Save weighing', '取消称重': 'Cancel weighing',
  '新增成功': 'Added', '修改成功': 'Saved', '确定更新此条数据?': 'Update this record?', '更新已取消': 'Update cancelled',
  '子表未新增数据, 是否继续提交?': 'The detail table has no rows. Submit anyway?',
  '数据已被他人修改，请刷新后重试': 'Someone else changed this data; reload and try again',
  '您填写的内容仍保留在下面；载入最新数据后请重新修改并提交。': 'What you entered is kept below; load the latest data, re-apply your change and submit.',
  '载入最新数据': 'Load the latest data', '复制新增': 'Add from copy', '称重': 'Weighing', '参照新增': 'Add by reference',
  '单据不存在或已被删除': 'The document does not exist or was deleted',
  // child tables
  '新增行': 'Add row', '插入行': 'Insert row', '选择物料': 'Choose materials', '确定删除吗?': 'Delete?', '只能有一条子表信息': 'Only one detail row is allowed',
  // pickers and viewers
  '清空': 'Clear', '最少要选择一条数据！': 'Please select at least one record!', '未找到该登记的抓拍图片': 'No pictures were found for this registration',
};
