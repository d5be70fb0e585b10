/**
 * The template runtime's own words in English, keyed by the Chinese the runtime shows (with its
 * `{name}` placeholders). Field labels and template titles come from the templates; the common
 * lifecycle button labels are here too, so a business list reads in English. Words the designer shows
 * too (操作, the dialog titles) are here; the host looks here first, then in `designer-en-US.ts`.
 */
export const RUNTIME_EN_US: Record<string, string> = {
  // list page
  '更多': 'More', '高级查询': 'Advanced search', '查询': 'Search', '重置': 'Reset', '共 {n} 条': '{n} in total', '全选': 'Select all', '合计': 'Total',
  '请输入{fields}': 'Enter {fields}', '请选择': 'Select', '是': 'Yes', '否': 'No', '提示': 'Notice', '温馨提示': 'Notice', '确定': 'OK', '取消': 'Cancel',
  '毛重和皮重都没有改动': 'Neither the gross nor the tare was changed', '更正成功': 'Corrected', '称重更正': 'Correct weighing', '磅单号': 'Ticket no.',
  '车牌号': 'Plate', '净重(吨)': 'Net (t)', '结算重量(吨)': 'Settle weight (t)', '毛重(吨)': 'Gross (t)', '皮重(吨)': 'Tare (t)', '更正原因': 'Reason for the correction',
  '没有读取这些资料的权限，无法选择（{msg}），请联系管理员授权': 'You may not read these records, so none can be picked ({msg}); ask an administrator for access', '该菜单尚未配置模板，请联系管理员在模板设计中配置': 'No template is configured for this menu yet; ask an administrator to configure one in template design', '详情': 'Details', '操作日志': 'Operation log', '序号': 'No.',
  // buttons of the seeded templates
  '新增': 'Add', '修改': 'Edit', '删除': 'Delete', '启用': 'Enable', '停用': 'Disable', '审核': 'Audit', '批量审核': 'Audit selected',
  '弃审': 'Unaudit', '作废': 'Void', '恢复': 'Restore', '复制': 'Copy', '导出': 'Export', '查看': 'View', '抓拍图片': 'Captured pictures',
  // list actions
  '此操作将永久删除该数据, 是否继续?': 'This permanently deletes the record. Continue?', '此操作将作废该数据, 是否继续?': 'This voids the data. Continue?',
  '确定将所选用户强制下线吗?': 'Force the selected users offline?',
  '为还没有编码规则的单据类型生成默认规则?': 'Create the default rule for each document type without a numbering rule?', '已生成默认编码规则': 'Default numbering rules created', '保存时自动生成': 'Assigned on save',
  '结束分组后将收集期间内的样车, 是否继续?': 'Ending the group collects the trucks of its period. Continue?', '结束分组成功': 'Group ended', '结束取样成功': 'Sampling ended',
  '取消结束取样成功': 'Sampling reopened', '确定申请复检吗?': 'Apply for a recheck?', '申请复检成功': 'Recheck applied for', '处理成功': 'Recheck handled', '取消处理成功': 'Handling cancelled',
  '结束分组': 'End group', '结束取样': 'End sampling', '取消结束取样': 'Reopen sampling', '申请复检': 'Apply for recheck', '处理': 'Handle', '取消处理': 'Cancel handling', '生成默认规则': 'Create default rules',
  '删除成功': 'Deleted', '作废成功': 'Voided', '审核成功': 'Audited', '弃审成功': 'Unaudited', '恢复成功': 'Restored', '启用成功': 'Enabled',
  '停用成功': 'Disabled', '已强制下线': 'Forced offline',
  '请选择要删除的数据': 'Please select the records to delete', '请至少选择一条数据！': 'Please select at least one record!',
  '请选择一条数据！': 'Please select a record!', '只能选择一条数据！': 'Select only one record!', '已审核的单据不能修改': 'An audited document cannot be changed', '已作废的单据不能修改': 'An obsolete document cannot be changed',
  // forms
  '加载中…': 'Loading…', '提交': 'Submit', '保存': 'Save', '返回': 'Back', '称重保存': 'Save weighing', '取消称重': 'Cancel weighing',
  '新增成功': 'Added', '修改成功': 'Saved', '确定更新此条数据?': 'Update this record?', '更新已取消': 'Update cancelled',
  '子表未新增数据, 是否继续提交?': 'The detail table has no rows. Submit anyway?',
  '数据已被他人修改，请刷新后重试': 'Someone else changed this data; reload and try again',
  '您填写的内容仍保留在下面；载入最新数据后请重新修改并提交。': 'What you entered is kept below; load the latest data, re-apply your change and submit.',
  '载入最新数据': 'Load the latest data', '复制新增': 'Add from copy', '称重': 'Weighing', '参照新增': 'Add by reference',
  '单据不存在或已被删除': 'The document does not exist or was deleted',
  // child tables
  '新增行': 'Add row', '移至': 'Move to', '输入 0–{max} 移动此行': 'Type 0–{max} to move this row', '插入行': 'Insert row', '选择物料': 'Choose materials', '选择磅单': 'Choose weigh tickets', '请先选择{partner}': 'Choose the {partner} first', '存货名称': 'Material', '毛重时间': 'Gross time', '扣重(吨)': 'Deduction (t)', '确定删除吗?': 'Delete?', '删除原因': 'Reason for deleting', '只能有一条子表信息': 'Only one detail row is allowed',
  '已跳过 {n} 个已在明细中的物料': 'Skipped {n} materials already in the lines', '最多选择一条数据！': 'Select at most one record!',
  // pickers and viewers
  '编码/名称/规格': 'Code/name/spec', '存货编码': 'Material code', '规格型号': 'Specification', '存货分类': 'Material class', '单位': 'Unit', '存货档案': 'Materials',
  '请输入关键字': 'Enter a keyword', '已按关联条件过滤：{conditions}': 'Filtered by the linked fields: {conditions}', '，': ', ',
  '清空': 'Clear', '最少要选择一条数据！': 'Please select at least one record!', '未找到该登记的抓拍图片': 'No pictures were found for this registration',
  '图片不存在': 'Picture not found', '输入关键字进行过滤': 'Type to filter',
  // list page: statistics, export, detail pop-up
  '{label}合计：': '{label} total: ', '{label}：': '{label}: ', '单据数': 'Documents', '预装量': 'Planned load', '实发量': 'Delivered',
  '正在导出… {kb} KB': 'Exporting… {kb} KB', '正在导出… {kb} KB，共 {n} 条': 'Exporting… {kb} KB, {n} rows', '导出成功': 'Exported', '已导出所选的 {n} 条': 'Exported the {n} selected rows',
  '请检查详情模板的【列表请求方式】和【列表请求路由】属性': 'Check the [list request method] and [list request route] attributes of the detail template',
  '操作': 'Actions',
  // request log drawer
  '暂无日志': 'No log entries', '加载失败': 'Failed to load', '日志详情': 'Log details', '请求路径': 'Request path', '响应时间': 'Response time',
  '设备名称': 'Device', '请求头': 'Request headers', '入参': 'Request parameters', '出参': 'Response', '异常信息': 'Exception',
  // forms: the dynamic form, image upload, child-table checks on submit
  '该菜单尚未配置表单模板': 'No form template is configured for this menu yet', '上传': 'Upload', '图片查看': 'Picture',
  '上传头像图片只能是JPG或者png格式!': 'Only JPG or PNG images can be uploaded!', '上传头像图片大小不能超过 2MB!': 'The image must not exceed 2 MB!',
  '上传个数超出限制!': 'Too many files!', '{table}第 {n} 行：{problem}': '{table}, row {n}: {problem}', '{label}不能为空！': '{label} is required!',
  // 计算方式 (calculation dialog)
  '计算方式': 'Calculation', '添加': 'Add', '运算符': 'Operator', '左括号': 'Open bracket', '字段': 'Field', '合计表': 'Sum table',
  '右括号': 'Close bracket', '无': 'None', '请选择字段': 'Select a field', '请选择合计表': 'Select a sum table', '计算公式：{formula}': 'Formula: {formula}',
  '合计({sum})': 'Sum({sum})', '原计算公式无法编辑：{reason}': 'The existing formula cannot be edited: {reason}',
  '请选择合计表！': 'Select a sum table!', '此操作将删除所有数据, 是否继续?': 'This removes all rows. Continue?', '删除成功!': 'Removed!',
  '已取消删除': 'Removal cancelled', '合计须全部为同一合计表的字段，并以 + 相连，不加括号': 'A sum adds fields of one sum table with +, without brackets',
  '第1行只能不填运算符或填 -（负号）': 'Row 1 takes no operator or - (minus)', '第{n}行请选择字段': 'Row {n}: select a field',
  '第{n}行请选择运算符': 'Row {n}: select an operator', '计算公式不完整': 'The formula is incomplete', '计算公式括号不匹配': 'The formula\'s brackets do not match',
  '计算公式在第{n}项出现多余的运算符 {op}': 'The formula has an extra operator {op} at item {n}',
  '计算公式中的常数 {value} 不是数字': 'The constant {value} in the formula is not a number', '计算公式第{n}项缺少字段名': 'Item {n} of the formula has no field',
  '计算公式在第{n}项有多余内容': 'The formula has extra items from item {n}',
  '计算公式含括号内或运算符后的负号，无法在计算方式中编辑': 'The formula has a minus sign inside brackets or after an operator, which this dialog cannot edit',
  // time dialogs (选择时间, 选择时间范围, 选择时间点)
  '选择时间': 'Default date', '选择时间范围': 'Time range', '选择时间点': 'Time point',
  '年': 'Year', '月': 'Month', '日': 'Day', '时': 'Hour', '分': 'Minute', '秒': 'Second', '固定': 'Fixed', '预览：{value}': 'Preview: {value}',
  '{part}的数值须为不小于 0 的整数': '{part}: the amount must be a whole number, 0 or more', '固定的{part}须在 {min} 到 {max} 之间': '{part}: a fixed value must be from {min} to {max}',
  '开始时间': 'Start time', '结束时间': 'End time', '至': 'to', '请选择开始时间': 'Select a start time', '请选择结束时间': 'Select an end time',
  '时间须在 00:00:00 到 23:59:59 之间': 'Times must be from 00:00:00 to 23:59:59', '开始时间不能晚于结束时间': 'The start time cannot be after the end time',
  '请选择时间点': 'Select a time point', '自定义': 'Custom', '当天开始 {time}': 'Start of day {time}', '当天结束 {time}': 'End of day {time}',
  // transfer lists
  '待选': 'Available', '已选': 'Chosen', '{n} 项': '{n} items', '{count}/{total} 项': '{count}/{total} items', '暂无数据': 'No data',
  '通讯录': 'Contacts', '收件人': 'To', '抄送人': 'Cc', '密送人': 'Bcc', '{label}（{n}）': '{label} ({n})',
  // the confirmation table (Announcement)
  '处理结果': 'Result', '确认': 'Confirm', '合格': 'Pass', '无法确认': 'Cannot confirm', '取消确认': 'Unconfirm', '不合格': 'Fail',
  '重新确认': 'Confirm again', '称重后离厂': 'Leave after weighing', '空车离厂': 'Leave empty',
  '无法确认的数据不能操作': 'Rows that cannot be confirmed cannot be handled', '第{n}行不可处理（{reason}）': 'Row {n} cannot be handled ({reason})',
  '第{n}行不能{action}': 'Row {n} cannot take "{action}"', '未开放处理': 'not open for handling', '没有可执行的操作': 'no actions available',
  // the search operators (OPERATOR_LABELS): the advanced query's comparisons, the picker designer's 运算
  '等于': 'equals', '不等于': 'does not equal', '大于': 'greater than', '大于等于': 'at least', '小于': 'less than', '小于等于': 'at most',
  '包含': 'contains', '属于（逗号分隔）': 'one of (comma-separated)', '包含（同 like）': 'contains (same as like)',
};
