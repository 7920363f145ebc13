from django.urls import path

from matches import views

urlpatterns = [
    path("", views.home, name="home"),
    path("calculator/", views.calculator, name="calculator"),
    path("calculator/board/", views.board_info, name="board-info"),
]
