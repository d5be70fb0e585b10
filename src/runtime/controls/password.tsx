import { Password } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { control, withDefaults } from './shared';

/** password, newPassword, confirmPassword: chosen by field name, not offered in the palette. */
export const passwordControl = control({
  name: 'Password',
  Field: withDefaults(Password, { autoComplete: 'new-password' }) as ComponentType<never>,
});
