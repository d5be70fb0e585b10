import {
  AppstoreOutlined, BarChartOutlined, DashboardOutlined, DatabaseOutlined, ExperimentOutlined, FileTextOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined,
} from '@ant-design/icons';

/** The icons menu entries may name (an unknown name shows a generic one). */
const ICONS = { AppstoreOutlined, BarChartOutlined, DashboardOutlined, DatabaseOutlined, ExperimentOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined };

export function MenuIcon({ name }: { name: string | null }) {
  const Icon = name && Object.prototype.hasOwnProperty.call(ICONS, name) ? ICONS[name as keyof typeof ICONS] : FileTextOutlined;
  return <Icon />;
}
