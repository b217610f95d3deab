"""The browser side of sq2edu's widgets: plain ES modules and CSS, read by :mod:`sq2edu.ui`."""
